/** The projection names in the output of `projections status` (the rows of its console.table). */
export function projectionNames(statusOutput: string): string[] {
  return [...statusOutput.matchAll(/^│\s*\d+\s*│\s*'([^']+)'/gm)].map((match) => match[1]);
}
