import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { useSearchUsers } from '../api/search-users.ts';
import { UserDetail } from './user-detail.tsx';

/** Find a user by e-mail or username, then see and change the account beside the list. */
export function UsersPanel({ viewerIsAdmin }: { viewerIsAdmin: boolean }) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const query = useSearchUsers(deferredSearch);
  const [selected, setSelected] = useState<number | null>(null);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '340px 1fr' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
        <TextField
          label="Find users"
          placeholder="E-mail or username"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { 'aria-describedby': 'admin-user-search-help' } }}
        />
        <Typography id="admin-user-search-help" variant="caption" color="text.secondary">
          Newest accounts first; up to 50 shown.
        </Typography>
        {query.isError && <Alert severity="error">{apiErrorMessage(query.error, 'Failed to search users')}</Alert>}
        <List aria-label="Users found" dense>
          {query.data?.users.map((user) => (
            <ListItemButton key={user.id} selected={user.id === selected} onClick={() => setSelected(user.id)}>
              <ListItemText primary={user.email} secondary={`${user.username} · ${user.plan} · ${user.credits} credits`} />
              {!user.is_active && <Chip size="small" label="Inactive" color="warning" />}
              {user.is_staff && <Chip size="small" label="Staff" color="info" sx={{ ml: 0.5 }} />}
            </ListItemButton>
          ))}
          {query.data?.users.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 1 }}>
              No users match.
            </Typography>
          )}
        </List>
      </Paper>
      {selected === null ? (
        <Paper variant="outlined" sx={{ p: 4, borderRadius: 2, textAlign: 'center' }}>
          <Typography color="text.secondary">Choose a user to see their account.</Typography>
        </Paper>
      ) : (
        <UserDetail key={selected} userId={selected} viewerIsAdmin={viewerIsAdmin} />
      )}
    </Box>
  );
}
