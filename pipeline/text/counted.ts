/** A count and its noun, agreeing: `1 section`, `2 sections`, `0 sections` (`many` for an irregular plural). */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
