/** The rate module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { rateCommands } from './rate.cli';
export { createRateService, type RateService } from './rate.service';
