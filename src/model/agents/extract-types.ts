/** What agents extract accepts (beyond-spec-4 4.1.17): MIME types and the size limit. */

/** The MIME types extract reads, and the word its summary names them by. */
export const EXTRACT_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'text/plain': 'text',
  'text/markdown': 'markdown',
};

/** The largest decoded file extract takes: 5 MB. */
export const MAX_EXTRACT_BYTES = 5 * 1024 * 1024;
