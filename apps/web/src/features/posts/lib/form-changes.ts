/** Whether two states of a submit form hold the same values (plain data: text, ids, tag lists). */
export function isSameForm<T extends object>(a: T, b: T): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
