export * from './common.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './admin.ts';
export * from './contact.ts';
export * from './system.ts';
export * from './events.ts';
