/**
 * /accessibility: the accessibility statement, which is docs/ACCESSIBILITY.md itself (one source,
 * so the page and the repository's report never differ), shown as headings, lists and tables.
 * Open to everyone, signed in or not; its own chunk, so no other page pays for it.
 */
import { ACCESSIBILITY_TEXT, PRODUCT_NAME } from '@keystone/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import report from '../../../../../docs/ACCESSIBILITY.md?raw';
import { type Block, type Inline, parseMarkdown } from './markdownBlocks';

const BLOCKS = parseMarkdown(report);

function InlineText({ content }: { content: Inline[] }) {
  return content.map((part, index) => {
    const key = `${index}-${part.kind}`;
    if (part.kind === 'strong') return <strong key={key}>{part.text}</strong>;
    if (part.kind === 'code') return <code key={key}>{part.text}</code>;
    if (part.kind === 'link') {
      return (
        <Link key={key} href={part.href}>
          {part.text}
        </Link>
      );
    }
    return part.text;
  });
}

const HEADING_VARIANTS = { 1: 'h1', 2: 'h2', 3: 'h3', 4: 'h4' } as const;

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'heading':
      return (
        <Typography variant={HEADING_VARIANTS[block.level]} sx={{ mt: block.level === 1 ? 0 : 3, mb: 1.5 }}>
          <InlineText content={block.content} />
        </Typography>
      );
    case 'paragraph':
      return (
        <Typography sx={{ mb: 1.5 }}>
          <InlineText content={block.content} />
        </Typography>
      );
    case 'list':
      return (
        <Box component="ul" sx={{ mt: 0, mb: 1.5, pl: 3 }}>
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the report is fixed; items never move.
            <Typography component="li" key={index} sx={{ mb: 0.5 }}>
              <InlineText content={item} />
            </Typography>
          ))}
        </Box>
      );
    case 'table':
      // A wide table scrolls in its own box, so the page itself reflows at 320 px.
      return (
        <Box sx={{ overflowX: 'auto', mb: 2 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {block.head.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns of a fixed table.
                  <TableCell key={index} component="th" scope="col" sx={{ fontWeight: 700 }}>
                    <InlineText content={cell} />
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {block.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed table.
                <TableRow key={rowIndex}>
                  {row.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns of a fixed table.
                    <TableCell key={index}>
                      <InlineText content={cell} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      );
  }
}

export function AccessibilityPage() {
  return (
    <Box sx={{ maxWidth: 960, width: '100%', mx: 'auto', px: 2, py: 4, overflowWrap: 'anywhere' }}>
      <title>{`${ACCESSIBILITY_TEXT.pageTitle} · ${PRODUCT_NAME}`}</title>
      {BLOCKS.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the report is fixed; blocks never move.
        <BlockView key={index} block={block} />
      ))}
    </Box>
  );
}
