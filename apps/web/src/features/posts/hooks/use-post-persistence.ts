import { FILL_REQUIRED_FIELDS_MESSAGE } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ShowMessage } from '@/components/message-modal';
import { OWN_ADDRESS_CHANGE } from '@/components/unsaved-changes-prompt';
import type { PostKindConfig } from '@/config/post-kinds';
import { createPost } from '@/features/posts/api/create-post';
import { updatePost } from '@/features/posts/api/update-post';

/** SPEC §8: the draft created before an upload could not be saved. */
export const DRAFT_FAILED_MESSAGE = 'Something went wrong';

function idFrom(text: string | null): number | null {
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export interface PostPersistence {
  /** The post's id once it exists (from ?id= or after the first save). */
  postId: number | null;
  /** The id the page was opened with or navigated to; not changed by this page's own first save. Load the post when it changes. */
  openedId: number | null;
  /** Creates the post (then puts ?id= in the address) or updates it; saves run one after another, so a post is created once. */
  persist: (body: object, options?: { silent?: boolean }) => Promise<number>;
  /**
   * SPEC §4 draft-before-upload: the saved post's id, creating the post first when it is new; null
   * (after telling the user) when the form is invalid or the draft cannot be created.
   */
  ensurePostId: (body: object, valid: boolean) => Promise<number | null>;
}

export function usePostPersistence(kind: PostKindConfig, showMessage: ShowMessage): PostPersistence {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlId = idFrom(searchParams.get('id'));
  const idRef = useRef<number | null>(urlId);
  const [postId, setPostId] = useState<number | null>(urlId);
  const [openedId, setOpenedId] = useState<number | null>(urlId);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (urlId === idRef.current) return;
    idRef.current = urlId;
    setPostId(urlId);
    setOpenedId(urlId);
  }, [urlId]);

  const persist = useCallback(
    (body: object, options: { silent?: boolean } = {}) => {
      const run = async (): Promise<number> => {
        const { id: _ignored, ...fields } = body as { id?: unknown };
        const existing = idRef.current;
        if (existing) {
          await updatePost(kind, { ...fields, id: existing }, options);
          return existing;
        }
        const created = await createPost(kind, fields, options);
        idRef.current = created;
        setPostId(created);
        setSearchParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('id', String(created));
            return next;
          },
          { replace: true, state: OWN_ADDRESS_CHANGE },
        );
        return created;
      };
      const result = queue.current.then(run, run);
      queue.current = result.catch(() => undefined);
      return result;
    },
    [kind, setSearchParams],
  );

  const ensurePostId = useCallback(
    async (body: object, valid: boolean) => {
      if (idRef.current) return idRef.current;
      if (!valid) {
        showMessage(FILL_REQUIRED_FIELDS_MESSAGE);
        return null;
      }
      try {
        return await persist(body);
      } catch {
        showMessage(DRAFT_FAILED_MESSAGE);
        return null;
      }
    },
    [persist, showMessage],
  );

  return { postId, openedId, persist, ensurePostId };
}
