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

const categoryShortcut = (label: string, category: number, entityType: number): NavMenuItem => ({
  label,
  to: paths.search.getHref({ searchString: '', category, entityType, orderBy: 0 }),
});

/** The navbar dropdowns (SPEC §2 Shell): category search shortcuts, then the write actions. */
export const NAV_MENUS: NavMenu[] = [
  {
    id: 'articles',
    label: 'Articles',
    shortcuts: [
      categoryShortcut('All', -1, EntityType.Article),
      categoryShortcut('C#', 3, EntityType.Article),
      categoryShortcut('Data Structures and Algorithms', 110, EntityType.Article),
      categoryShortcut('Design Patterns', 121, EntityType.Article),
      categoryShortcut('Multithreading', 123, EntityType.Article),
      categoryShortcut('Machine Learning', 126, EntityType.Article),
    ],
    actions: [
      { label: 'Upload Documents', to: paths.uploadDocuments.getHref() },
      { label: 'Submit an Article', to: paths.article.submit.getHref() },
    ],
  },
  {
    id: 'questions',
    label: 'Questions',
    shortcuts: [
      categoryShortcut('All', -1, EntityType.Question),
      categoryShortcut('C#', 3, EntityType.Question),
      categoryShortcut('Data Structures and Algorithms', 110, EntityType.Question),
    ],
    actions: [{ label: 'Ask a Question', to: paths.question.submit.getHref() }],
  },
];
