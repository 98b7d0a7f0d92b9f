/** /progress-update/:id (spec §2): placeholder until the progress page lands. */
export function ProgressUpdatePage() {
  return <p>Progress update</p>;
}
