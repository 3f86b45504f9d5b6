import { Module } from '@nestjs/common';
import { CategoryController } from './category.controller';
import { CityController } from './city.controller';
import { CountryController } from './country.controller';
import { GenderController } from './gender.controller';
import { ListCategoriesHandler } from './list-categories.query';
import { ListCitiesHandler } from './list-cities.query';
import { ListCountriesHandler } from './list-countries.query';
import { ListGendersHandler } from './list-genders.query';
import { ListStatesHandler } from './list-states.query';
import { ListTagsHandler } from './list-tags.query';
import { StateController } from './state.controller';
import { TagController } from './tag.controller';

/** SPEC §7 'Home and master data': categories, tags, countries, states, cities and genders. */
@Module({
  controllers: [CategoryController, TagController, CountryController, StateController, CityController, GenderController],
  providers: [ListCategoriesHandler, ListTagsHandler, ListCountriesHandler, ListStatesHandler, ListCitiesHandler, ListGendersHandler],
})
export class ReferenceDataModule {}
