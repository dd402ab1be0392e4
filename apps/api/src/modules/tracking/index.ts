/** The tracking module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { trackingCommands } from './tracking.cli';
export { trackingRoutes } from './tracking.routes';
export {
  createTrackingService,
  TrackingMessages,
  type TrackingPorts,
  type TrackingService,
} from './tracking.service';
