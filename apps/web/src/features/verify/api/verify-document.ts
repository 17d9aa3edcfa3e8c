import { useMutation } from '@tanstack/react-query';
import { verifyDocument } from '@store/domain/contract/consent';
import { callWithFile } from '../../../lib/api-client';

/** Sends a PDF's bytes to POST /api/v1/verify-document (issue 22). */
export async function verifyPdf(file: File) {
  const pdf = new Blob([await file.arrayBuffer()], { type: 'application/pdf' });
  return (await callWithFile(verifyDocument, pdf)).data;
}

export const useVerifyDocument = () => useMutation({ mutationFn: verifyPdf });
