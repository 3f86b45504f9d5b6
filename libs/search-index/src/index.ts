export * from './search-index.port';
export * from './create-search-index';
export { searchWords } from './search-terms';
export * from './sqlite/fts5-search-index';
export { isAnswered, isSolved, sortScoreOf, TRENDING_DAYS } from './search-terms';
