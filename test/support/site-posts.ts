import { callSite, type SiteAccount, type SiteTag } from './site-api';

/** A published article as the submit page sends it, its content with a heading, a link, code and a table. */
export const siteArticleBody = (tags: SiteTag[], overrides: Record<string, unknown> = {}) => ({
  title: 'C# Generics explained',
  description: 'Type parameters, constraints and variance',
  categoryId: 3,
  tags,
  content:
    '<h2>Generics</h2><p>Generics let you write <strong>type-safe</strong> code. <a href="https://learn.microsoft.com">Docs</a></p>' +
    '<pre><code class="language-csharp">var numbers = new List&lt;int&gt;();</code></pre>' +
    '<table><tbody><tr><th>Kind</th><th>Example</th></tr><tr><td>Class</td><td>List&lt;T&gt;</td></tr></tbody></table>',
  source: 'https://learn.microsoft.com/dotnet/csharp/fundamentals/types/generics',
  instructions: '',
  isPublished: true,
  defaultImageId: -1,
  ...overrides,
});

/** A question as the ask page sends it. */
export const siteQuestionBody = (tags: SiteTag[], overrides: Record<string, unknown> = {}) => ({
  title: 'How do I cancel a Task?',
  categoryId: 123,
  tags,
  content: '<p>I start a <code>Task</code> and want to stop it. How?</p>',
  defaultImageId: -1,
  ...overrides,
});

/** Creates a post through the running site's API; its id. */
export const createSitePost = (siteUrl: string, kind: 'Article' | 'Question', account: SiteAccount, body: Record<string, unknown>) =>
  callSite<number>(siteUrl, 'POST', `/api/${kind}`, { token: account.token, body });
