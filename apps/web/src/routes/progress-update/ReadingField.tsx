/**
 * One field of a measure's current reading (DESIGN §10): the value or the note, autosaved like a
 * comment (versions, the field lock of model `measure`, live updates from others). A value is
 * checked against the measure's decimals before it is sent; an emptied value is "No reading". A
 * save refused because the due date passed meanwhile stops, says so and reloads the page, which
 * then shows the new period.
 */
import {
  decimalMessage,
  LIMITS,
  MEASURE_MESSAGES,
  MEASURE_TEXT,
  type Measure,
  parseDecimal,
} from '@keystone/contract';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/errorMessages';
import {
  type ReadingField as Field,
  isReadingLocked,
  staleReading,
  useReadingSaves,
} from '../../api/measureReadings';
import { refreshProgress } from '../../api/progress';
import { CollaborativeField } from '../../components/collaborative/CollaborativeField';
import { useProgressEditing } from './progressEditing';

/** The due date passed: trying again cannot help, so autosave stops and says so. */
class ReadingLockedError extends Error {}

/** The first rule a typed value breaks, or null (empty is allowed: "No reading"). */
function valueProblem(text: string, decimals: number): string | null {
  if (text.trim() === '') return null;
  const parsed = parseDecimal(text.trim(), LIMITS.measureSignificantDigits, decimals);
  return 'problem' in parsed ? decimalMessage('The value', parsed.problem, decimals) : null;
}

interface ReadingFieldProps {
  measure: Measure;
  field: Field;
  canEdit: boolean;
}

export function ReadingField({ measure, field, canEdit }: ReadingFieldProps) {
  const { strategyId } = useProgressEditing();
  const queryClient = useQueryClient();
  const saveReading = useReadingSaves(strategyId);
  const { current } = measure;
  const isValue = field === 'value';

  const save = async (text: string, base: number | undefined) => {
    try {
      const saved = await saveReading(measure.id, field, text, { version: base, dueDate: current.due_date });
      return { value: saved.current[field] ?? '', version: saved.current.version };
    } catch (error) {
      if (!isReadingLocked(error)) throw error;
      void refreshProgress(queryClient, strategyId);
      throw new ReadingLockedError();
    }
  };

  return (
    <CollaborativeField
      model="measure"
      resId={measure.id}
      field={field}
      stored={{ value: current[field] ?? '', version: current.version }}
      save={save}
      staleEdit={(error) => staleReading(error, field)}
      validate={(text) =>
        isValue
          ? valueProblem(text, measure.decimals)
          : [...text].length > LIMITS.readingNote
            ? MEASURE_MESSAGES.noteTooLong
            : null
      }
      describeFailure={(error) =>
        error instanceof ReadingLockedError
          ? MEASURE_MESSAGES.readingLocked
          : errorMessage(error, MEASURE_TEXT.readingSaveFailed)
      }
      canEdit={canEdit}
      label={isValue ? MEASURE_TEXT.valueOf(measure.title) : MEASURE_TEXT.noteOf(measure.title)}
      placeholder={isValue ? MEASURE_TEXT.valuePlaceholder : MEASURE_TEXT.notePlaceholder}
      readerPlaceholder={isValue ? MEASURE_TEXT.noReading : MEASURE_TEXT.noNote}
      maxLength={isValue ? 64 : LIMITS.readingNote}
      plain
      editorSx={{
        typography: 'body2',
        // A box people can see is a place to type, also when it is empty.
        '& textarea': canEdit ? { borderColor: 'grey.500', bgcolor: 'background.paper' } : {},
      }}
    />
  );
}
