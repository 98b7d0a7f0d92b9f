/**
 * The one dialog that defines a measure (DESIGN §10), for a focus area on the board and for an
 * initiative on its charter: title, unit with its currency and label, decimals, baseline, target,
 * target date, direction and amber band. Saved whole with the version it was opened at; the
 * contract's checkDefinition runs first, then the server's answer is shown at its field or, when
 * it is about the whole definition, above the form. An existing measure can be deleted from
 * here after a confirmation. Loaded with the first click that opens it (lazyMeasureDialog.tsx).
 */
import {
  DIRECTION_LABELS,
  LIMITS,
  MEASURE_DIRECTIONS,
  MEASURE_MESSAGES,
  MEASURE_TEXT,
  MEASURE_UNITS,
  type Measure,
  UNIT_LABELS,
} from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/errorMessages';
import { useDeleteMeasure, useSaveMeasure } from '../../api/measureDefinitions';
import type { MeasureOwner } from '../../api/measures';
import { BusyButton } from '../BusyButton';
import { ConfirmDialog } from '../ConfirmDialog';
import { type FormField, formOf, type MeasureForm, readForm } from './measureForm';

export interface MeasureDialogProps {
  strategyId: number;
  owner: MeasureOwner;
  /** The measure to change, or null for a new one. */
  measure: Measure | null;
  onClose: () => void;
}

const FIELDS = MEASURE_TEXT.fields;
const DECIMALS = Array.from({ length: LIMITS.measureDecimalsMax + 1 }, (_, decimals) => decimals);

/** The server names fields as the wire does; the form uses the same names. */
function fieldErrorsOf(error: unknown): Partial<Record<FormField, string>> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).flatMap(([field, messages]) =>
      messages[0] && field !== 'version' ? [[field, messages[0]]] : [],
    ),
  );
}

export function MeasureDialog({ strategyId, owner, measure, onClose }: MeasureDialogProps) {
  const titleId = useId();
  const [form, setForm] = useState<MeasureForm>(() => formOf(measure));
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldProblems, setFieldProblems] = useState<Partial<Record<FormField, string>>>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  const save = useSaveMeasure(strategyId, owner);
  const remove = useDeleteMeasure(strategyId, owner);
  const busy = save.isPending || remove.isPending;

  const set = (field: FormField, value: string | number) => {
    setForm((current) => ({ ...current, [field]: value }));
    setFieldProblems(({ [field]: _, ...others }) => others);
  };

  /** A refusal is shown where it belongs; a problem above the form takes focus so it is read. */
  const refuse = (field: FormField | null, text: string) => {
    if (field) {
      setFieldProblems({ [field]: text });
      setProblem(null);
      document.getElementById(`${titleId}-${field}`)?.focus();
      return;
    }
    setProblem(text);
    requestAnimationFrame(() => problemRef.current?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const read = readForm(form);
    if ('problem' in read) return refuse(read.field, read.problem);
    save.mutate(
      { fields: read.fields, measure },
      {
        onSuccess: onClose,
        onError: (error) => {
          const atFields = fieldErrorsOf(error);
          const first = Object.keys(atFields)[0] as FormField | undefined;
          if (first) {
            setFieldProblems(atFields);
            setProblem(null);
            document.getElementById(`${titleId}-${first}`)?.focus();
            return;
          }
          refuse(null, errorMessage(error, MEASURE_TEXT.saveFailed));
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!measure) return;
    remove.mutate(measure, {
      onSuccess: onClose,
      onError: (error) => {
        setConfirmingDelete(false);
        refuse(null, errorMessage(error, MEASURE_TEXT.deleteFailed));
      },
    });
  };

  const field = (name: FormField, label: string, { helperText, ...props }: TextFieldProps = {}) => (
    <TextField
      id={`${titleId}-${name}`}
      label={label}
      value={form[name]}
      onChange={(event) => set(name, name === 'decimals' ? Number(event.target.value) : event.target.value)}
      size="small"
      fullWidth
      {...props}
      error={fieldProblems[name] !== undefined}
      helperText={fieldProblems[name] ?? helperText}
      slotProps={{ ...props.slotProps, formHelperText: { sx: { mx: 0 } } }}
    />
  );
  const number = { slotProps: { htmlInput: { inputMode: 'decimal', autoComplete: 'off' } } } as const;
  const native = { select: true, slotProps: { select: { native: true } } } as const;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{measure ? MEASURE_TEXT.editTitle : MEASURE_TEXT.newTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {problem && (
            <Alert severity="error" role="alert" tabIndex={-1} ref={problemRef}>
              {problem}
            </Alert>
          )}
          {field('title', FIELDS.title, { required: true, autoFocus: true })}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
            {field('unit', FIELDS.unit, {
              ...native,
              children: MEASURE_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {UNIT_LABELS[unit]}
                </option>
              )),
            })}
            {form.unit === 'currency' &&
              field('currency', FIELDS.currency, {
                required: true,
                helperText: MEASURE_TEXT.hints.currency,
                slotProps: { htmlInput: { maxLength: 3, autoCapitalize: 'characters' } },
              })}
            {field('unit_label', FIELDS.unitLabel, {
              helperText: MEASURE_TEXT.hints.unitLabel,
              slotProps: { htmlInput: { maxLength: LIMITS.measureUnitLabel } },
            })}
            {field('decimals', FIELDS.decimals, {
              ...native,
              children: DECIMALS.map((decimals) => (
                <option key={decimals} value={decimals}>
                  {decimals}
                </option>
              )),
            })}
            {field('direction', FIELDS.direction, {
              ...native,
              children: MEASURE_DIRECTIONS.map((direction) => (
                <option key={direction} value={direction}>
                  {DIRECTION_LABELS[direction]}
                </option>
              )),
            })}
            {field('baseline', FIELDS.baseline, { required: true, ...number })}
            {field('target', FIELDS.target, { required: true, ...number })}
            {field('target_date', FIELDS.targetDate, {
              type: 'date',
              required: measure !== null,
              helperText: measure ? undefined : MEASURE_TEXT.hints.targetDate,
              slotProps: { inputLabel: { shrink: true } },
            })}
            {field('amber_band', FIELDS.amberBand, { helperText: MEASURE_TEXT.hints.amberBand, ...number })}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {measure && (
            <Button
              color="error"
              onClick={() => setConfirmingDelete(true)}
              disabled={busy}
              sx={{ mr: 'auto' }}
            >
              {MEASURE_TEXT.deleteConfirm}
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            {MEASURE_TEXT.cancel}
          </Button>
          <BusyButton type="submit" variant="contained" busy={save.isPending}>
            {MEASURE_TEXT.save}
          </BusyButton>
        </DialogActions>
      </Box>
      {measure && (
        <ConfirmDialog
          open={confirmingDelete}
          title={MEASURE_TEXT.deleteTitle}
          message={MEASURE_MESSAGES.deleteConfirm(measure.title)}
          confirmLabel={MEASURE_TEXT.deleteConfirm}
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setConfirmingDelete(false)}
        />
      )}
    </Dialog>
  );
}
