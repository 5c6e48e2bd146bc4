import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { coreMessages } from '@palisade/domain/messages-core';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

/** A password field with a show/hide toggle; takes every FormTextField prop (and muiField()). */
export function PasswordField(props: Omit<FormTextFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? coreMessages.auth.hidePassword : coreMessages.auth.showPassword}
            onClick={() => setVisible((v) => !v)}
            // Keeps the caret in the field when the toggle is clicked.
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
