import './zod-locale';

export * from './constants';
export * from './contracts/member';
export * from './errors';
export * from './field-labels';
export * from './route-guard';
