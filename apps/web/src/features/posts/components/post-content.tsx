import { RichHtml } from '@/components/code/rich-html';

/** The post body, with highlighted code blocks and their copy buttons. */
export function PostContent({ html }: { html: string }) {
  return <RichHtml className="post-content" html={html} />;
}
