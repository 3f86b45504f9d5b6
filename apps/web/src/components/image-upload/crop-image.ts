import type { PercentCrop } from 'react-image-crop';

/** SPEC §9 image crop: output width 1280 (500 for profile pictures), quality 70, png, min 20 px. */
export const CROP_OUTPUT_WIDTH = 1280;
export const PROFILE_PICTURE_OUTPUT_WIDTH = 500;
export const CROP_QUALITY = 0.7;
export const MIN_CROP_PX = 20;

/** The whole image: the crop a freshly chosen picture starts with. */
export const FULL_CROP: PercentCrop = { unit: '%', x: 0, y: 0, width: 100, height: 100 };

/**
 * Draws the cropped part of a loaded image onto a canvas `outputWidth` pixels wide (height keeps
 * the crop's proportions) and encodes it as PNG. Browsers ignore the quality for PNG; it is passed
 * because the spec names it.
 */
export function cropToPng(image: HTMLImageElement, crop: PercentCrop, outputWidth: number): Promise<Blob> {
  const area = crop.width > 0 && crop.height > 0 ? crop : FULL_CROP;
  const sx = (area.x / 100) * image.naturalWidth;
  const sy = (area.y / 100) * image.naturalHeight;
  const sw = Math.max(1, (area.width / 100) * image.naturalWidth);
  const sh = Math.max(1, (area.height / 100) * image.naturalHeight);

  const canvas = document.createElement('canvas');
  canvas.width = outputWidth;
  canvas.height = Math.max(1, Math.round((outputWidth * sh) / sw));
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot crop images'));
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be cropped'))), 'image/png', CROP_QUALITY),
  );
}

/** The upload's file name: the original's name with the .png the crop produced. */
export function croppedFileName(original: string): string {
  const dot = original.lastIndexOf('.');
  return `${dot > 0 ? original.slice(0, dot) : original || 'image'}.png`;
}
