const WEB_ADDRESS = /^https?:\/\/\S+$/i;

/** Where an article's material comes from: a link when it is a web address, otherwise the text. */
export function PostSource({ source }: { source: string | null }) {
  const text = source?.trim();
  if (!text) return null;
  return (
    <p className="post-view-source">
      <strong>Source: </strong>
      {WEB_ADDRESS.test(text) ? (
        <a href={text} target="_blank" rel="noopener noreferrer nofollow">
          {text}
        </a>
      ) : (
        text
      )}
    </p>
  );
}
