/** All help content by topic; imported only by the lazily loaded help dialog. */
import { initiativeCharterHelp, problemStatementHelp, risksHelp, scopeHelp } from './charterHelp';
import { deliverablesHelp, impactHelp, sponsorApprovalHelp, timelineHelp } from './resultsHelp';
import { ambitionHelp, focusAreasHelp, initiativesHelp, strategyHelp, teamsHelp } from './strategyHelp';
import type { HelpContent, HelpTopic } from './topics';

export const HELP_CONTENT: Record<HelpTopic, HelpContent> = {
  strategy: strategyHelp,
  ambition: ambitionHelp,
  focusAreas: focusAreasHelp,
  initiatives: initiativesHelp,
  teams: teamsHelp,
  risks: risksHelp,
  deliverables: deliverablesHelp,
  scope: scopeHelp,
  initiativeCharter: initiativeCharterHelp,
  problemStatement: problemStatementHelp,
  impact: impactHelp,
  timeline: timelineHelp,
  sponsorApproval: sponsorApprovalHelp,
};
