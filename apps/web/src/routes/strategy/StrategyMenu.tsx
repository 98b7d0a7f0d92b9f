/** The strategy page's menu (spec §2): preview, downloads, other pages, and for masters settings and delete. */
import {
  PDF_MESSAGES,
  READINGS_CSV_TEXT,
  SPREADSHEET_MENU_TEXT,
  STRATEGY_MESSAGES,
} from '@keystone/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { downloadReadingsCsv } from '../../api/measures';
import { pdfFailure, usePdfDownload } from '../../api/pdf';
import { forgetLastActiveStrategy } from '../../api/session';
import type { StrategyDownload } from '../../api/spreadsheets';
import { failureMessage, useDeleteStrategy } from '../../api/strategies';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PdfProgress } from '../../components/PdfProgress';
import { useStrategyEditing } from './strategyEditing';

const SHEET_ITEMS: readonly StrategyDownload[] = ['strategyXlsx', 'strategyCsv', 'historyCsv'];

interface StrategyMenuProps {
  onTogglePreview: () => void;
  onDownload: () => void;
}

export function StrategyMenu({ onTogglePreview, onDownload }: StrategyMenuProps) {
  const { strategyId, isMaster, preview, reportError } = useStrategyEditing();
  const navigate = useNavigate();
  const deleteStrategy = useDeleteStrategy();
  const pdf = usePdfDownload('strategy');
  const csv = useMutation({ mutationFn: downloadReadingsCsv });
  // The spreadsheets' code is fetched on first use: the strategy page does not carry it.
  const sheet = useMutation({
    mutationFn: async (kind: StrategyDownload) =>
      (await import('../../api/spreadsheets')).downloadStrategySheet(kind, strategyId),
  });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();

  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  const downloadPdf = () => pdf.mutate(strategyId, { onError: (error) => reportError(pdfFailure(error)) });
  // The server's reason when it gives one (e.g. too many downloads in a minute).
  const downloadCsv = () =>
    csv.mutate(strategyId, {
      onError: (error) =>
        reportError(error instanceof ApiError && error.detail ? error.detail : READINGS_CSV_TEXT.failed),
    });
  const downloadSheet = (kind: StrategyDownload) => () =>
    sheet.mutate(kind, {
      onError: (error) =>
        reportError(
          error instanceof ApiError && error.detail ? error.detail : SPREADSHEET_MENU_TEXT.downloadFailed,
        ),
    });
  const confirmDelete = () =>
    deleteStrategy.mutate(strategyId, {
      onSuccess: () => {
        forgetLastActiveStrategy(strategyId);
        navigate('/strategies');
      },
      onError: (error) => {
        setConfirming(false);
        reportError(failureMessage('deleteStrategy', error));
      },
    });

  return (
    <>
      <IconButton
        aria-label="Strategy menu"
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={choose(onTogglePreview)}>
          <ListItemIcon>
            {preview ? <EditOutlined fontSize="small" /> : <VisibilityOutlined fontSize="small" />}
          </ListItemIcon>
          <ListItemText>{preview ? 'Edit' : 'Preview'}</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose(onDownload)}>
          <ListItemIcon>
            <DownloadOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Download</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose(downloadPdf)} disabled={pdf.isPending}>
          <ListItemIcon>
            <PictureAsPdfOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{PDF_MESSAGES.downloadPdf}</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose(downloadCsv)} disabled={csv.isPending}>
          <ListItemIcon>
            <TableChartOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{READINGS_CSV_TEXT.download}</ListItemText>
        </MenuItem>
        {SHEET_ITEMS.map((kind) => (
          <MenuItem key={kind} onClick={choose(downloadSheet(kind))} disabled={sheet.isPending}>
            <ListItemIcon>
              <TableChartOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{SPREADSHEET_MENU_TEXT[kind]}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={choose(() => navigate('/strategies'))}>
          <ListItemIcon>
            <ViewListOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>View All / Create New</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose(() => navigate(`/strategy-team/${strategyId}`))}>
          <ListItemIcon>
            <GroupsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Strategy Team</ListItemText>
        </MenuItem>
        {isMaster && (
          <MenuItem onClick={choose(() => navigate(`/strategy-settings/${strategyId}`))}>
            <ListItemIcon>
              <SettingsOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Strategy Settings</ListItemText>
          </MenuItem>
        )}
        {isMaster && <Divider />}
        {isMaster && (
          <MenuItem onClick={choose(() => setConfirming(true))} sx={{ color: 'error.main' }}>
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Delete</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <PdfProgress open={pdf.isPending} />
      <ConfirmDialog
        open={confirming}
        title="Delete this strategy?"
        message={STRATEGY_MESSAGES.deleteStrategyConfirm}
        confirmLabel="Delete strategy"
        pending={deleteStrategy.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
