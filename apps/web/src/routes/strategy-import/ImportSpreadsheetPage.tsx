/**
 * /strategies/import, "Start from a spreadsheet" (issue 32): a CSV or XLSX chosen with the
 * browser's own file control (keyboard-usable as it is), previewed by the server with each row's
 * problems named, then created in one step and opened. Nothing can be created while a row is
 * wrong: the button waits for a preview without problems, and the server checks the file again.
 */
import {
  type ImportPreview,
  PRODUCT_NAME,
  type SpreadsheetUpload,
  SPREADSHEET_TEXT as TEXT,
} from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { previewImport, uploadOf, useImportStrategy } from '../../api/spreadsheets';
import { BusyButton } from '../../components/BusyButton';
import { SheetDownloads } from '../../components/SheetDownloads';
import { ImportPreviewTable } from './ImportPreviewTable';

const failure = (error: unknown) =>
  error instanceof ApiError && error.detail ? error.detail : 'Could not read the file. Try again.';

export function ImportSpreadsheetPage() {
  const navigate = useNavigate();
  const inputId = useId();
  const [upload, setUpload] = useState<SpreadsheetUpload | null>(null);
  const preview = useMutation({
    mutationFn: async (file: File) => {
      const chosen = await uploadOf(file);
      setUpload(chosen);
      return previewImport(chosen);
    },
  });
  const create = useImportStrategy();

  const choose = (file: File | undefined) => {
    create.reset();
    if (file) preview.mutate(file);
  };
  const createStrategy = () => {
    if (!upload) return;
    create.mutateAsync(upload).then(
      (strategy) => navigate(`/strategy/${strategy.id}`),
      () => undefined,
    );
  };

  return (
    <Box sx={{ width: '100%', maxWidth: 1100, mx: 'auto', px: { xs: 2, sm: 3 }, py: 5 }}>
      <title>{`${TEXT.pageTitle} · ${PRODUCT_NAME}`}</title>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {TEXT.pageTitle}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2, maxWidth: 760 }}>
        {TEXT.intro}
      </Typography>
      <SheetDownloads
        files={[
          { kind: 'templateCsv', label: TEXT.templateCsv },
          { kind: 'templateXlsx', label: TEXT.templateXlsx },
        ]}
      />
      <Box sx={{ my: 3, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        <Typography component="label" htmlFor={inputId} sx={{ fontWeight: 600 }}>
          {TEXT.fileLabel}
        </Typography>
        <Box
          component="input"
          id={inputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => choose(event.target.files?.[0])}
          sx={{ maxWidth: '100%', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
        />
      </Box>
      {preview.isPending && <LinearProgress aria-label={TEXT.reading} sx={{ mb: 2 }} />}
      {preview.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure(preview.error)}
        </Alert>
      )}
      {preview.data && !preview.isPending && (
        <PreviewResult
          preview={preview.data}
          creating={create.isPending}
          createError={create.isError ? failure(create.error) : null}
          onCreate={createStrategy}
        />
      )}
    </Box>
  );
}

function PreviewResult({
  preview,
  creating,
  createError,
  onCreate,
}: {
  preview: ImportPreview;
  creating: boolean;
  createError: string | null;
  onCreate: () => void;
}) {
  const problemCount =
    preview.problems.length + preview.rows.reduce((sum, row) => sum + row.problems.length, 0);
  return (
    <Box component="section" aria-labelledby="import-preview-heading">
      <Typography variant="h2" id="import-preview-heading" sx={{ mb: 1 }}>
        {TEXT.previewHeading}
      </Typography>
      {preview.ready ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {TEXT.ready(preview.focus_area_count, preview.initiative_count)}
        </Alert>
      ) : (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {TEXT.problems(problemCount)}
          {preview.problems.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {preview.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {preview.rows.length > 0 && <ImportPreviewTable rows={preview.rows} />}
      {createError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {createError}
        </Alert>
      )}
      {preview.ready && (
        <BusyButton variant="contained" sx={{ mt: 2 }} busy={creating} onClick={onCreate}>
          {TEXT.create}
        </BusyButton>
      )}
    </Box>
  );
}
