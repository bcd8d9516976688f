export * from './auth.ts';
export * from './billing.ts';
export * from './catalogue.ts';
export * from './common.ts';
export * from './platform.ts';
