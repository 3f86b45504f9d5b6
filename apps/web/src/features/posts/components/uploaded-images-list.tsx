import { imageUrl } from '@/lib/image-url';
import type { UploadedImage } from '@/features/posts/lib/post-files';

interface Props {
  images: UploadedImage[];
  defaultImageId: number;
  onChooseDefault: (id: number) => void;
  onRemove: (image: UploadedImage) => void;
}

/** The post's uploaded images: pick the default one, or remove one (its figure goes too). */
export function UploadedImagesList({ images, defaultImageId, onChooseDefault, onRemove }: Props) {
  if (images.length === 0) return null;
  return (
    <section className="uploaded-images" aria-label="Uploaded images">
      <h2>Uploaded Images</h2>
      <ul>
        {images.map((image) => (
          <li key={image.id}>
            <img src={imageUrl(image.uploadedFileName)} alt={image.instructions || image.fileDisplayName} />
            <span className="uploaded-image-caption">{image.fileDisplayName}</span>
            <label>
              <input type="radio" name="default-image" checked={defaultImageId === image.id} onChange={() => onChooseDefault(image.id)} />
              Default image
            </label>
            <button
              type="button"
              className="button button-small"
              aria-label={`Remove image ${image.fileDisplayName}`}
              onClick={() => onRemove(image)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
