/**
 * One timeline row: a single-line description and two dates, each change saved in one call.
 * A date pair that breaks a rule stays on screen, unsent, with the rule's message under the row.
 */
import { CHARTER_MESSAGES, LIMITS, TIMELINE_COLUMNS } from '@keystone/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useEffect, useMemo, useState } from 'react';
import { charterFailure, type Timeline, useCharterSaves } from '../../api/charter';
import { staleAnswer } from '../../api/staleEdits';
import { CollaborativeField } from '../../components/collaborative/CollaborativeField';
import { EditConflict, plainText } from '../../components/EditConflict';
import { StackedCellLabel } from '../../components/stackedTable';
import { useAutosave } from '../../lib/autosave/useAutosave';
import { dateToDay, dayToDate, formatDay } from '../../lib/calendarDays';
import { changedDays, type TimelineDates, timelineDatesProblem } from './charterDates';
import { useCharterEditing } from './charterEditing';
import { timelineDescriptionProblem } from './charterFields';
import { PRINT_HIDDEN } from './printStyles';
import { TimelineDateField } from './TimelineDateField';

interface TimelineRowProps {
  timeline: Timeline;
  position: number;
  onDelete: () => void;
  deleting: boolean;
}

export function TimelineRow({ timeline, position, onDelete, deleting }: TimelineRowProps) {
  const { initiativeId, strategyId, canEdit } = useCharterEditing();
  const saves = useCharterSaves(initiativeId, strategyId);
  const name = `timeline row ${position + 1}`;
  // The dates as picked here and not yet stored (a half-typed date, or a pair out of order).
  const [edited, setEdited] = useState<TimelineDates | null>(null);
  const [typingDate, setTypingDate] = useState(false);
  const stored = useMemo<TimelineDates>(
    () => ({ start: dayToDate(timeline.startDate), end: dayToDate(timeline.endDate) }),
    [timeline.startDate, timeline.endDate],
  );
  const dates = edited ?? stored;

  const datesSave = useAutosave<TimelineDates>({
    fieldKey: `timeline:${timeline.id}:dates`,
    stored: { value: stored, version: timeline.version },
    save: async (value, base) => {
      const update = changedDays(value, timeline);
      const saved =
        Object.keys(update).length > 0 ? await saves.timeline(timeline.id, update, base) : timeline;
      // Stored: the row shows the server's dates again (unless the user picked others meanwhile).
      setEdited((current) => (current === value ? null : current));
      return { value: datesOf(saved), version: saved.version };
    },
    staleEdit: (error) => {
      const stale = staleAnswer(error);
      if (!stale) return null;
      const day = (field: string) => {
        const value = stale.current[field];
        return typeof value === 'string' ? value : null;
      };
      const theirs = { start: dayToDate(day('start_date')), end: dayToDate(day('end_date')) };
      return { theirs: { value: theirs, version: stale.current.version }, changedBy: stale.changedBy };
    },
    same: sameDates,
    validate: (value) => timelineDatesProblem(value),
    describeFailure: (error) => charterFailure('updateTimeline', error),
  });

  const changeDate = (which: keyof TimelineDates) => (value: Date | null) => {
    const next = { ...dates, [which]: value };
    setEdited(next);
    datesSave.change(next);
  };
  // A date being typed is not "invalid" yet: that message waits until the user moves on.
  const rowProblem = datesSave.error === CHARTER_MESSAGES.invalidDate && typingDate ? null : datesSave.error;
  // The row shows the stored dates (nothing picked here): their version is the base of the next pick.
  const { shown: datesShown } = datesSave;
  useEffect(() => {
    if (edited === null) datesShown(stored);
  }, [edited, stored, datesShown]);
  const datesConflict = datesSave.conflict && {
    ...datesSave.conflict,
    keepTheirs: () => {
      setEdited(null);
      datesSave.conflict?.keepTheirs();
    },
  };

  return (
    <>
      <TableRow
        data-timeline-row
        aria-label={name}
        sx={{ verticalAlign: 'top', '& > td': { borderBottom: rowProblem ? 'none' : undefined } }}
      >
        <TableCell sx={{ pt: 1.25 }}>
          <StackedCellLabel>{TIMELINE_COLUMNS.milestone}</StackedCellLabel>
          <CollaborativeField
            model="timeline"
            resId={timeline.id}
            field="description"
            stored={{ value: timeline.description, version: timeline.version }}
            save={async (text, base) => {
              const saved = await saves.timeline(timeline.id, { description: text }, base);
              return { value: saved.description, version: saved.version };
            }}
            validate={timelineDescriptionProblem}
            describeFailure={(error) => charterFailure('updateTimeline', error)}
            canEdit={canEdit}
            label={`Description of ${name}`}
            placeholder="Milestone or phase"
            readerPlaceholder=""
            maxLength={LIMITS.charterField}
            singleLine
            editorSx={{ typography: 'body2', pt: 0.5 }}
          />
        </TableCell>
        {(['start', 'end'] as const).map((which) => (
          <TableCell key={which} onFocus={() => setTypingDate(true)} onBlur={() => setTypingDate(false)}>
            <StackedCellLabel>{TIMELINE_COLUMNS[which]}</StackedCellLabel>
            <TimelineDateField
              timelineId={timeline.id}
              field={which === 'start' ? 'start_date' : 'end_date'}
              canEdit={canEdit}
              value={dates[which]}
              onChange={changeDate(which)}
              label={`${which === 'start' ? 'Start' : 'End'} date of ${name}`}
              error={
                rowProblem !== null && (which === 'end' || rowProblem !== CHARTER_MESSAGES.endBeforeStart)
              }
            />
          </TableCell>
        ))}
        <TableCell align="right" sx={{ pt: '9px' }} {...PRINT_HIDDEN}>
          {canEdit && (
            <IconButton size="small" onClick={onDelete} disabled={deleting} aria-label={`Delete ${name}`}>
              <DeleteOutlined fontSize="small" />
            </IconButton>
          )}
        </TableCell>
      </TableRow>
      {datesConflict && (
        <TableRow>
          <TableCell colSpan={4} sx={{ pt: 0 }}>
            <EditConflict
              conflict={datesConflict}
              label={`Dates of ${name}`}
              render={(dates) => plainText(datesText(dates))}
            />
          </TableCell>
        </TableRow>
      )}
      {rowProblem && (
        <TableRow>
          <TableCell colSpan={4} sx={{ pt: 0 }}>
            <FormHelperText error role="alert" sx={{ m: 0 }}>
              {rowProblem}
            </FormHelperText>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

const datesOf = (row: Pick<Timeline, 'startDate' | 'endDate'>): TimelineDates => ({
  start: dayToDate(row.startDate),
  end: dayToDate(row.endDate),
});

const sameDates = (a: TimelineDates, b: TimelineDates) =>
  dateToDay(a.start) === dateToDay(b.start) && dateToDay(a.end) === dateToDay(b.end);

/** A pair of dates as the table shows them. */
const datesText = (dates: TimelineDates) =>
  [dateToDay(dates.start) ?? null, dateToDay(dates.end) ?? null].map(formatDay).join(' – ');
