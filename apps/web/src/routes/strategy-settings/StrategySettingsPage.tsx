/** /strategy-settings/:id (spec §2): placeholder until the settings form lands. */
export function StrategySettingsPage() {
  return <p>Strategy settings</p>;
}
