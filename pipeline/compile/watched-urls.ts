/**
 * The digest's urls as the link resolver asks about them (`createLinkResolver` takes the set of
 * every page and section url): while a page is rendered, every url asked about is noted with its
 * answer. With the same pages, a page's Markdown and those answers decide its rendered links
 * byte for byte, so a later build whose urls give the same answers may keep the text it rendered.
 * This holds while the resolver asks the set for each link it resolves, keeping no answer from
 * one page for another (test/compile/page-renders.test.ts renames a heading another page links to).
 */
export class WatchedUrls extends Set<string> {
  private asked: Map<string, boolean> | null = null;

  override has(url: string): boolean {
    const answer = super.has(url);
    this.asked?.set(url, answer);
    return answer;
  }

  /** Runs `step`, returning what it made and every url it asked about, with the answer it got. */
  watch<T>(step: () => T): { readonly value: T; readonly asked: ReadonlyMap<string, boolean> } {
    const asked = new Map<string, boolean>();
    this.asked = asked;
    try {
      return { value: step(), asked };
    } finally {
      this.asked = null;
    }
  }
}
