import { paths } from '@/config/paths';
import { EntityType } from '@app/contracts';

export interface NavMenuItem {
  label: string;
  to: string;
}

export interface NavMenu {
  id: 'articles' | 'questions';
  label: string;
  shortcuts: NavMenuItem[];
  actions: NavMenuItem[];
}

/** The category shortcuts of the dropdowns, All first: articles offer them all, questions the first three. */
const CATEGORY_SHORTCUTS: [label: string, category: number][] = [
  ['All', -1],
  ['C#', 3],
  ['Data Structures and Algorithms', 110],
  ['Design Patterns', 121],
  ['Multithreading', 123],
  ['Machine Learning', 126],
];

const categoryShortcuts = (entityType: number, count: number): NavMenuItem[] =>
  CATEGORY_SHORTCUTS.slice(0, count).map(([label, category]) => ({
    label,
    to: paths.search.getHref({ searchString: '', category, entityType, orderBy: 0 }),
  }));

/** The navbar dropdowns (SPEC §2 Shell): category search shortcuts, then the write actions. */
export const NAV_MENUS: NavMenu[] = [
  {
    id: 'articles',
    label: 'Articles',
    shortcuts: categoryShortcuts(EntityType.Article, 6),
    actions: [
      { label: 'Upload Documents', to: paths.uploadDocuments.getHref() },
      { label: 'Submit an Article', to: paths.article.submit.getHref() },
    ],
  },
  {
    id: 'questions',
    label: 'Questions',
    shortcuts: categoryShortcuts(EntityType.Question, 3),
    actions: [{ label: 'Ask a Question', to: paths.question.submit.getHref() }],
  },
];
