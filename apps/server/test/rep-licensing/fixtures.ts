/** A shopper's quote without its zip or rep (the tests add them): issue 39's license checks. */
export const QUOTE = {
  dob: '04/12/1985',
  gender: '1',
  tier: 'IO',
  eprocess: 'applicant',
  platform_group_id: 501,
  type: 'new-member',
  open_type: 'user',
};
