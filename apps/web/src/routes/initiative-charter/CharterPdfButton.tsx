/** "Download PDF" of the charter page: the server's printable charter, on the paper of the user's locale. */
import { PDF_MESSAGES } from '@keystone/contract';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import { pdfFailure, usePdfDownload } from '../../api/pdf';
import { BusyButton } from '../../components/BusyButton';
import { PdfProgress } from '../../components/PdfProgress';

interface CharterPdfButtonProps {
  initiativeId: number;
  reportError: (message: string) => void;
}

export function CharterPdfButton({ initiativeId, reportError }: CharterPdfButtonProps) {
  const pdf = usePdfDownload('charter');
  return (
    <>
      <BusyButton
        variant="outlined"
        size="small"
        startIcon={pdf.isPending ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfOutlined />}
        busy={pdf.isPending}
        onClick={() => pdf.mutate(initiativeId, { onError: (error) => reportError(pdfFailure(error)) })}
      >
        {PDF_MESSAGES.downloadPdf}
      </BusyButton>
      <PdfProgress open={pdf.isPending} />
    </>
  );
}
