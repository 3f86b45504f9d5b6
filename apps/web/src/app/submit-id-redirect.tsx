import { Navigate, useParams } from 'react-router-dom';
import { POST_KINDS, type PostKind } from '@/config/post-kinds';

/** The route table also writes the edit screens as article/submit/{id}: send them to the ?id= form. */
export function SubmitIdRedirect({ kind }: { kind: PostKind }) {
  const { id = '' } = useParams();
  return <Navigate to={`${POST_KINDS[kind].paths.submit.getHref()}?id=${encodeURIComponent(id)}`} replace />;
}
