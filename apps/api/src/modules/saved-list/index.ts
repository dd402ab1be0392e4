/** The saved-list module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { savedListRoutes } from './saved-list.routes';
export {
  createSavedListService,
  SavedListMessages,
  type SavedListService,
  type SavedOutcome,
} from './saved-list.service';
