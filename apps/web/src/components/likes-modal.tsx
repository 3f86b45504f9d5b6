import { Link } from 'react-router-dom';
import { Modal } from '@/components/modal';
import { ProfilePicture } from '@/components/profile-picture';
import { paths } from '@/config/paths';
import { useLikers } from '@/lib/get-likers';
import type { LikeTarget } from '@/lib/like-target';
import '@/components/likes-count.css';

export const NO_LIKERS_TEXT = 'No users have liked this content yet.';

/**
 * SPEC §2 Likes modal: who liked the item, each with picture and profile link; a spinner while
 * loading, the empty state, and on an error it just stops loading (§4, §8). Its backdrop is static:
 * only Close, the × or Escape close it.
 */
export function LikesModal({ target, title, onClose }: { target: LikeTarget; title?: string; onClose: () => void }) {
  const likers = useLikers(target);
  return (
    <Modal title={title ?? `Users who liked this ${target.label}`} onClose={onClose} className="likes-modal">
      <div className="likes-modal-body">
        {likers.isPending && <span className="spinner likes-modal-spinner" role="progressbar" aria-label="Loading likes" />}
        {likers.data?.length === 0 && <p className="muted">{NO_LIKERS_TEXT}</p>}
        {likers.data && likers.data.length > 0 && (
          <ul className="likes-modal-list" aria-label="Users who liked it">
            {likers.data.map((user) => (
              <li key={user.uName || user.name}>
                <ProfilePicture uploadedFileName={user.profilePic} name={user.name} />
                {user.uName ? <Link to={paths.profile.getHref(user.uName)}>{user.name || user.uName}</Link> : <span>{user.name}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
