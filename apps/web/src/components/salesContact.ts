/** The external sales contact of spec §1; the spec does not show its target, so this is ours. */
export const SALES_CONTACT_URL = 'mailto:sales@keystone.example';
