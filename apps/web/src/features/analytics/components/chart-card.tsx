import BarChartRoundedIcon from '@mui/icons-material/BarChartRounded';
import TableRowsRoundedIcon from '@mui/icons-material/TableRowsRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A chart with the same figures as a table one click away: screen readers and keyboard users get the table,
 * and the chart itself carries a one-line summary as its accessible name.
 */
export function ChartCard({ title, summary, table, children }: { title: string; summary: string; table: ChartTable; children: ReactNode }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2.5, borderRadius: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography id={titleId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, flex: 1 }}>
          {title}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_event, next: 'chart' | 'table' | null) => next && setView(next)} aria-label={`${title}: view`}>
          <ToggleButton value="chart" aria-label="Chart view">
            <BarChartRoundedIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="table" aria-label="Table view">
            <TableRowsRoundedIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {view === 'chart' ? (
        <Box role="img" aria-label={summary} sx={{ height: 260 }}>
          {children}
        </Box>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {table.columns.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.map((row) => (
              <TableRow key={String(row[0])}>
                {row.map((cell, index) => (
                  <TableCell key={table.columns[index]}>{cell}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
