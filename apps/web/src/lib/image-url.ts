/** Where an uploaded image is served. */
export const imageUrl = (uploadedFileName: string): string => `/images/${encodeURIComponent(uploadedFileName)}`;
