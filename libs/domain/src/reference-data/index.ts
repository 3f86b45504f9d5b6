export * from './categories';
export * from './tags';
export * from './genders';
