/** An image's natural size, to write as width and height so the page reserves its box before it loads. */
export interface ImageSize {
  width: number;
  height: number;
}

/** Loads the image (usually from the cache: it was just uploaded or previewed); null when it does not load. */
export async function naturalSizeOf(src: string): Promise<ImageSize | null> {
  const image = new Image();
  image.src = src;
  try {
    await image.decode();
  } catch {
    return null;
  }
  return image.naturalWidth > 0 && image.naturalHeight > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null;
}
