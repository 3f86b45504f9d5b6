import { findGender, GENDERS, listGenders } from './genders';

describe('genders', () => {
  it('lists the genders in id order with unique ids', () => {
    expect(listGenders()).toEqual([
      { id: 1, name: 'Male' },
      { id: 2, name: 'Female' },
      { id: 3, name: 'Non-binary' },
      { id: 4, name: 'Prefer not to say' },
    ]);
    expect(new Set(GENDERS.map((g) => g.id)).size).toBe(GENDERS.length);
  });

  it('finds a gender by id and nothing for an unknown one', () => {
    expect(findGender(2)?.name).toBe('Female');
    expect(findGender(5)).toBeUndefined();
  });
});
