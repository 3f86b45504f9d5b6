/**
 * Polls a condition the code under test reaches on its own (a projection catching up, a queue
 * draining, a timer firing), failing with what it waited for once `timeoutMs` has passed.
 */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  what: string | (() => string),
  timeoutMs = 5_000,
  pollMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
