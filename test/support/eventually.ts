// One polling helper for every test: see libs/testing.
export { eventually } from '@app/testing';
