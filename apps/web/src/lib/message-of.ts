/** The text to show for a failed call (ApiError carries the server's errorMessage). */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
