/** SPEC §3 Tag. Posts and profiles store tag ids: never renumber or reuse one. */
export interface Tag {
  id: number;
  subTag: string;
}

const TAG_NAMES = [
  'csharp',
  'dotnet',
  'aspnet-core',
  'entity-framework',
  'blazor',
  'linq',
  'fsharp',
  'javascript',
  'typescript',
  'react',
  'angular',
  'vue',
  'nodejs',
  'nestjs',
  'express',
  'html',
  'css',
  'tailwind',
  'nextjs',
  'python',
  'django',
  'flask',
  'fastapi',
  'java',
  'spring-boot',
  'kotlin',
  'go',
  'rust',
  'cpp',
  'swift',
  'php',
  'ruby',
  'sql',
  'sql-server',
  'postgresql',
  'mysql',
  'sqlite',
  'mongodb',
  'redis',
  'elasticsearch',
  'kafka',
  'rabbitmq',
  'graphql',
  'rest',
  'grpc',
  'websockets',
  'docker',
  'kubernetes',
  'helm',
  'terraform',
  'azure',
  'aws',
  'gcp',
  'serverless',
  'github-actions',
  'ci-cd',
  'linux',
  'bash',
  'git',
  'security',
  'oauth',
  'jwt',
  'cryptography',
  'unit-testing',
  'tdd',
  'integration-testing',
  'performance',
  'caching',
  'concurrency',
  'async-await',
  'algorithms',
  'data-structures',
  'design-patterns',
  'solid',
  'clean-architecture',
  'ddd',
  'cqrs',
  'event-sourcing',
  'microservices',
  'system-design',
  'machine-learning',
  'deep-learning',
  'llm',
  'data-science',
  'android',
  'ios',
  'flutter',
  'career',
  'interview',
  'open-source',
] as const;

/** Ids follow the list order, so new tags are only ever appended. */
export const TAGS: readonly Tag[] = Object.freeze(TAG_NAMES.map((subTag, index) => Object.freeze({ id: index + 1, subTag })));

const TAG_BY_ID = new Map(TAGS.map((tag) => [tag.id, tag]));

/** Every tag, alphabetically. */
export function listTags(): Tag[] {
  return [...TAGS].sort((a, b) => a.subTag.localeCompare(b.subTag, 'en'));
}

export function findTag(id: number): Tag | undefined {
  return TAG_BY_ID.get(id);
}
