import { countryIdOf, stateIdOf } from '@app/api/reference-data/geography';
import { startTestApp, type TestApp } from '../support/test-app';

/** SPEC §7 'Home and master data' over HTTP, through the envelope. */
describe('reference data API', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp();
  });
  afterAll(() => site?.dispose());

  const getList = async (path: string) => {
    const response = await site.http().get(path).expect(200);
    expect(response.body).toEqual({ success: true, result: expect.any(Array), errorMessage: null, timeStamp: expect.any(String) });
    expect(Date.parse(response.body.timeStamp)).not.toBeNaN();
    return response.body.result as Record<string, unknown>[];
  };

  it('lists categories as id and subCategory, with the SPA shortcut ids', async () => {
    const categories = await getList('/api/Category');
    expect(categories.every((c) => Object.keys(c).sort().join() === 'id,subCategory')).toBe(true);
    expect(categories).toEqual(
      expect.arrayContaining([
        { id: 3, subCategory: 'C#' },
        { id: 110, subCategory: 'Data Structures and Algorithms' },
        { id: 121, subCategory: 'Design Patterns' },
        { id: 123, subCategory: 'Multithreading' },
        { id: 126, subCategory: 'Machine Learning' },
      ]),
    );
  });

  it('lists tags as id and subTag', async () => {
    const tags = await getList('/api/Tag');
    expect(tags.length).toBeGreaterThanOrEqual(80);
    expect(tags).toContainEqual({ id: 1, subTag: 'csharp' });
    expect(tags.every((t) => Object.keys(t).sort().join() === 'id,subTag')).toBe(true);
  });

  it('lists genders as id and name, with and without the trailing slash', async () => {
    const genders = await getList('/api/Gender/');
    expect(genders).toContainEqual({ id: 1, name: 'Male' });
    expect(await getList('/api/Gender')).toEqual(genders);
  });

  it('walks country -> state -> city by id', async () => {
    const countries = await getList('/api/Country');
    expect(countries).toContainEqual({ id: countryIdOf('US'), name: 'United States' });
    expect(countries.every((c) => Object.keys(c).sort().join() === 'id,name')).toBe(true);

    const states = await getList(`/api/State/${countryIdOf('US')}`);
    expect(states).toContainEqual({ id: stateIdOf('US', 'CA'), name: 'California' });

    const cities = await getList(`/api/City/${stateIdOf('US', 'CA')}`);
    expect(cities).toContainEqual({ id: expect.any(Number), name: 'Los Angeles' });
    expect(cities.every((c) => Object.keys(c).sort().join() === 'id,name')).toBe(true);
  });

  it('answers unknown ids with an empty list', async () => {
    expect(await getList('/api/State/1')).toEqual([]);
    expect(await getList('/api/City/1')).toEqual([]);
  });

  it.each([
    ['/api/State/abc', 'Country id must be a number.'],
    ['/api/City/12x', 'State id must be a number.'],
  ])('refuses the non-numeric id in %s with 400', async (path, errorMessage) => {
    const response = await site.http().get(path).expect(400);
    expect(response.body).toEqual({ success: false, result: null, errorMessage, timeStamp: expect.any(String) });
  });
});
