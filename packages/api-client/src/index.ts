export * from './api-error';
export * from './exchange';
export * from './typed';
