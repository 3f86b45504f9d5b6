/**
 * The post body. The HTML was sanitized by the server with an allow-list before it was stored
 * (issue 4), so it is rendered as is.
 */
export function PostContent({ html }: { html: string }) {
  return <div className="post-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
