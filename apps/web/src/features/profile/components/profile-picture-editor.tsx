import { AttachmentType } from '@app/contracts';
import { useState } from 'react';
import { ImageUploadModal } from '@/components/image-upload/image-upload-modal';
import { useMessageModal } from '@/components/message-modal';
import { ProfilePicture } from '@/components/profile-picture';
import { useProfilePicture } from '@/features/profile/api/get-profile-picture';
import { useUploadProfilePicture } from '@/features/profile/api/upload-profile-picture';
import { messageOf } from '@/lib/message-of';

/**
 * The user's picture (the default icon when none or broken); the owner changes it through the
 * 'Upload Image' crop modal as attachment type 8 (no caption or description, 500 px wide).
 */
export function ProfilePictureEditor({ userName, name, isOwner }: { userName: string; name: string; isOwner: boolean }) {
  const picture = useProfilePicture(userName);
  const upload = useUploadProfilePicture(userName);
  const [choosing, setChoosing] = useState(false);
  const { showMessage, messageModal } = useMessageModal();

  return (
    <div className="profile-picture-editor">
      <ProfilePicture uploadedFileName={picture.data} name={name} size="large" />
      {isOwner && (
        <button type="button" className="button button-small" onClick={() => setChoosing(true)}>
          Change picture
        </button>
      )}
      {choosing && (
        <ImageUploadModal
          attachmentTypeId={AttachmentType.ProfilePicture}
          onClose={() => setChoosing(false)}
          onUpload={async ({ file }) => {
            try {
              await upload.mutateAsync(file);
              return true;
            } catch (error) {
              showMessage('Error', messageOf(error));
              return false;
            }
          }}
        />
      )}
      {messageModal}
    </div>
  );
}
