/** The address-book module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { addressBookRoutes } from './address-book.routes';
export { type AddressBookService, createAddressBookService } from './address-book.service';
