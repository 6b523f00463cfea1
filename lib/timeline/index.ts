export * from './cells';
export * from './filter';
export * from './format';
export * from './json';
export * from './query';
export * from './stats';
export * from './status';
export * from './wire';
