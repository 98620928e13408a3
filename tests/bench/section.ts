/**
 * Writes a benchmark's own section into docs/benchmarks.md when it runs alone with `--write`: it replaces the section
 * under `heading` up to the next, or goes in before "## Notes" (at the end when there is none).
 */
const PATH = new URL("../../docs/benchmarks.md", import.meta.url).pathname;

export async function writeSection(heading: string, section: string): Promise<void> {
  const text = await Deno.readTextFile(PATH);
  const start = text.indexOf(heading);
  const notes = text.indexOf("## Notes");
  const before = start >= 0 ? text.slice(0, start) : notes >= 0 ? text.slice(0, notes) : text + "\n";
  const next = start >= 0 ? text.indexOf("\n## ", start + heading.length) : -1;
  const after = start >= 0 ? (next >= 0 ? text.slice(next + 1) : "") : notes >= 0 ? text.slice(notes) : "";
  await Deno.writeTextFile(PATH, `${before}${section}\n\n${after}`);
}
