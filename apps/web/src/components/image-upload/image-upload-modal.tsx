import { AttachmentType, fileProblem, fileUploadRequestSchema, firstErrors, IMAGE_EXTENSIONS, MAX_LENGTHS } from '@app/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import ReactCrop, { type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { FormField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import {
  CROP_OUTPUT_WIDTH,
  croppedFileName,
  cropToPng,
  FULL_CROP,
  MIN_CROP_PX,
  PROFILE_PICTURE_OUTPUT_WIDTH,
} from '@/components/image-upload/crop-image';

/** What the modal hands over: the cropped PNG and, except for profile pictures, its caption and description. */
export interface ImageUploadInput {
  file: File;
  caption: string;
  description: string;
}

export interface ImageUploadModalProps {
  attachmentTypeId: AttachmentType;
  /** Uploads the image; resolves true when done (the modal then closes). Failures are reported by the caller. */
  onUpload: (input: ImageUploadInput) => Promise<boolean>;
  onClose: () => void;
}

const ACCEPT = IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** SPEC §2 'Upload Image': file chooser, crop preview, caption and description (not for profile pictures). */
export function ImageUploadModal({ attachmentTypeId, onUpload, onClose }: ImageUploadModalProps) {
  const isProfilePicture = attachmentTypeId === AttachmentType.ProfilePicture;
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [crop, setCrop] = useState<PercentCrop>(FULL_CROP);
  const [caption, setCaption] = useState('');
  const [description, setDescription] = useState('');
  const [fileError, setFileError] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);
  const formId = useId();
  const fileId = useId();

  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const textErrors = isProfilePicture
    ? {}
    : firstErrors(fileUploadRequestSchema, {
        AttachmentTypeId: String(attachmentTypeId),
        FileDisplayName: caption,
        Instructions: description,
      });
  const captionError = submitted ? textErrors.FileDisplayName : undefined;
  const descriptionError = submitted ? textErrors.Instructions : undefined;

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setCrop(FULL_CROP);
    setPreviewUrl(null);
    const problem = chosen ? fileProblem(chosen, attachmentTypeId) : null;
    setFileError(problem ?? '');
    if (chosen && !problem) setPreviewUrl(URL.createObjectURL(chosen));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through portals: keep this submit from reaching the page's form.
    event.stopPropagation();
    setSubmitted(true);
    const problem = fileProblem(file, attachmentTypeId);
    if (problem) setFileError(problem);
    if (problem || textErrors.FileDisplayName || textErrors.Instructions || !file || !imageRef.current) return;
    setBusy(true);
    try {
      const outputWidth = isProfilePicture ? PROFILE_PICTURE_OUTPUT_WIDTH : CROP_OUTPUT_WIDTH;
      const png = await cropToPng(imageRef.current, crop, outputWidth);
      const done = await onUpload({
        file: new File([png], croppedFileName(file.name), { type: 'image/png' }),
        caption: caption.trim(),
        description: description.trim(),
      });
      if (done) onClose();
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Upload Image"
      onClose={onClose}
      className="image-upload-modal"
      actions={
        <>
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            Upload
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={fileId}>Image</label>
          <input
            id={fileId}
            type="file"
            accept={ACCEPT}
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileId}-error` : undefined}
          />
          {fileError && (
            <p id={`${fileId}-error`} className="field-error" role="alert">
              {fileError}
            </p>
          )}
        </div>
        {previewUrl && (
          <div className="crop-preview">
            <ReactCrop crop={crop} onChange={(_, percent) => setCrop(percent)} minWidth={MIN_CROP_PX} minHeight={MIN_CROP_PX} keepSelection>
              <img ref={imageRef} src={previewUrl} alt="Crop preview" />
            </ReactCrop>
          </div>
        )}
        {!isProfilePicture && (
          <>
            <FormField label="Caption" error={captionError}>
              {(control) => (
                <input
                  {...control}
                  type="text"
                  value={caption}
                  maxLength={MAX_LENGTHS.fileDisplayName}
                  onChange={(event) => setCaption(event.target.value)}
                />
              )}
            </FormField>
            <FormField label="Description" error={descriptionError}>
              {(control) => (
                <input
                  {...control}
                  type="text"
                  value={description}
                  maxLength={MAX_LENGTHS.imageDescription}
                  onChange={(event) => setDescription(event.target.value)}
                />
              )}
            </FormField>
          </>
        )}
      </form>
    </Modal>
  );
}
