import './likes-count.css';

/** '{n} Person' or '{n} People' (SPEC §2 Likes modal trigger). */
export function likesText(likes: number): string {
  return `${likes} ${likes === 1 ? 'Person' : 'People'}`;
}

/** How many people liked a post, with a heart; the likes modal will open from here. */
export function LikesCount({ likes }: { likes: number }) {
  return (
    <span className="likes-count" title="Likes">
      <span aria-hidden="true">♥ </span>
      {likesText(likes)}
    </span>
  );
}
