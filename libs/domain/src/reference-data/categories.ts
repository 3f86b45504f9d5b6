/** SPEC §3 Category. Ids are part of stored events and URLs: never renumber or reuse one. */
export interface Category {
  id: number;
  subCategory: string;
}

/**
 * Grouped by id range: 1-9 .NET, 10-19 web, 20-39 other languages, 40-59 data, 60-79 operations and
 * cloud, 80-99 engineering practice, 100+ concepts. Ids 3, 110, 121, 123 and 126 are the SPA's
 * category shortcuts (SPEC §9).
 */
export const CATEGORIES: readonly Category[] = Object.freeze(
  [
    { id: 1, subCategory: '.NET' },
    { id: 2, subCategory: '.NET Core' },
    { id: 3, subCategory: 'C#' },
    { id: 4, subCategory: 'ASP.NET Core' },
    { id: 5, subCategory: 'Entity Framework Core' },
    { id: 6, subCategory: 'Blazor' },
    { id: 7, subCategory: 'F#' },
    { id: 10, subCategory: 'JavaScript' },
    { id: 11, subCategory: 'TypeScript' },
    { id: 12, subCategory: 'React' },
    { id: 13, subCategory: 'Angular' },
    { id: 14, subCategory: 'Vue.js' },
    { id: 15, subCategory: 'Node.js' },
    { id: 16, subCategory: 'HTML and CSS' },
    { id: 20, subCategory: 'Python' },
    { id: 21, subCategory: 'Java' },
    { id: 22, subCategory: 'Kotlin' },
    { id: 23, subCategory: 'Go' },
    { id: 24, subCategory: 'Rust' },
    { id: 25, subCategory: 'C and C++' },
    { id: 26, subCategory: 'Swift' },
    { id: 27, subCategory: 'PHP' },
    { id: 28, subCategory: 'Ruby' },
    { id: 40, subCategory: 'SQL' },
    { id: 41, subCategory: 'SQL Server' },
    { id: 42, subCategory: 'PostgreSQL' },
    { id: 43, subCategory: 'NoSQL' },
    { id: 44, subCategory: 'MongoDB' },
    { id: 45, subCategory: 'Redis' },
    { id: 60, subCategory: 'Docker' },
    { id: 61, subCategory: 'Kubernetes' },
    { id: 62, subCategory: 'DevOps' },
    { id: 63, subCategory: 'CI/CD' },
    { id: 64, subCategory: 'Cloud Computing' },
    { id: 65, subCategory: 'Azure' },
    { id: 66, subCategory: 'AWS' },
    { id: 67, subCategory: 'Google Cloud' },
    { id: 68, subCategory: 'Linux' },
    { id: 69, subCategory: 'Git' },
    { id: 80, subCategory: 'Security' },
    { id: 81, subCategory: 'Testing' },
    { id: 82, subCategory: 'Web APIs' },
    { id: 83, subCategory: 'Mobile Development' },
    { id: 84, subCategory: 'Clean Code' },
    { id: 85, subCategory: 'Performance' },
    { id: 86, subCategory: 'Tools and IDEs' },
    { id: 100, subCategory: 'Software Architecture' },
    { id: 101, subCategory: 'System Design' },
    { id: 102, subCategory: 'Microservices' },
    { id: 103, subCategory: 'Event Sourcing and CQRS' },
    { id: 104, subCategory: 'Domain-Driven Design' },
    { id: 105, subCategory: 'Networking' },
    { id: 110, subCategory: 'Data Structures and Algorithms' },
    { id: 111, subCategory: 'Interview Preparation' },
    { id: 112, subCategory: 'Career' },
    { id: 120, subCategory: 'Object-Oriented Programming' },
    { id: 121, subCategory: 'Design Patterns' },
    { id: 122, subCategory: 'Functional Programming' },
    { id: 123, subCategory: 'Multithreading' },
    { id: 124, subCategory: 'Asynchronous Programming' },
    { id: 125, subCategory: 'Artificial Intelligence' },
    { id: 126, subCategory: 'Machine Learning' },
    { id: 127, subCategory: 'Data Science' },
    { id: 128, subCategory: 'Big Data' },
    { id: 199, subCategory: 'General' },
  ].map((category) => Object.freeze(category)),
);

const CATEGORY_BY_ID = new Map(CATEGORIES.map((category) => [category.id, category]));
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Every category, alphabetically, as the category drop-downs show them. */
export function listCategories(): Category[] {
  return [...CATEGORIES].sort((a, b) => byName.compare(a.subCategory, b.subCategory));
}

export function findCategory(id: number): Category | undefined {
  return CATEGORY_BY_ID.get(id);
}
